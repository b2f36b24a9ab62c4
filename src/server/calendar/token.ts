// A calendar address's token: 32 random bytes as base64url (43 characters), of which only the
// SHA-256 is stored. A token this long cannot be guessed, so a fast unsalted hash is enough to keep
// a stolen database from giving the addresses away.
import { createHash, randomBytes } from 'node:crypto';

export function newFeedToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: feedTokenHash(token) };
}

export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
