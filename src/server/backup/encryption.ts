// Encryption of a backup file with a passphrase: scrypt derives a 256-bit key from the passphrase
// and a random salt, and AES-256-GCM encrypts the whole backup with a random 96-bit IV. The file is
// one line of JSON (the header: format, KDF parameters, salt, IV), then the ciphertext, then GCM's
// 16-byte authentication tag. The header is the cipher's additional authenticated data, so changing
// any byte of the file, header included, makes decryption fail.
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type DecipherGCM } from 'node:crypto';
import type { PasswordRejection } from '../../shared/api/account.ts';
import { PASSWORD_MAX, passwordProblem } from '../security/password-policy.ts';
import { BackupFormatError } from './errors.ts';
import { FORMAT, FORMAT_VERSION } from './tables.ts';

/** A backup can be attacked offline, without any limit on guesses: hence longer than a password. */
const PASSPHRASE_MIN = 16;
const PASSPHRASE_MAX = 1024;

/** scrypt's parameters (OWASP's recommendation for scrypt: N = 2^17, r = 8, p = 1; 128 MiB). */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The most memory a file's header may make scrypt use (twice today's), so a crafted one cannot exhaust it. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

export interface EncryptedHeader {
  format: typeof FORMAT;
  encrypted: true;
  formatVersion: typeof FORMAT_VERSION;
  appVersion: string;
  createdAt: string;
  secrets: boolean;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: { name: 'aes-256-gcm'; iv: string; tagLength: number };
}

/** A refused passphrase: a sentence for the command line and the API, and the reason for the browser to translate. */
export interface PassphraseProblem {
  message: string;
  /** As a refused password's (PASSWORD_REJECTED), with the passphrase's limits: `{ reason, hint?, min, max }`. */
  params: PasswordRejection & { min: number; max: number };
}

/**
 * Why a passphrase cannot encrypt a backup, or null: at least 16 characters (a backup file can be
 * attacked offline), and the password rules of ./security/password-policy.ts (not blank, not one
 * character repeated, not a common password, a strength estimate of 3 of 4); above the longest
 * password the strength estimate is not needed (nor cheap), the other rules still hold.
 */
export function passphraseProblem(passphrase: string): PassphraseProblem | null {
  const length = [...passphrase.normalize('NFKC')].length;
  const limits = { min: PASSPHRASE_MIN, max: PASSPHRASE_MAX };
  if (/^[\s\p{Cc}\p{Cf}]*$/u.test(passphrase)) return { message: 'The passphrase must not be blank (spaces only).', params: { reason: 'blank', ...limits } };
  if (length < PASSPHRASE_MIN) {
    return {
      message: `The passphrase must be at least ${PASSPHRASE_MIN} characters long (it has ${length}): a backup file can be attacked offline with unlimited guesses.`,
      params: { reason: 'tooShort', ...limits },
    };
  }
  if (length > PASSPHRASE_MAX)
    return { message: `The passphrase must be at most ${PASSPHRASE_MAX} characters long.`, params: { reason: 'tooLong', ...limits } };
  const problem = length <= PASSWORD_MAX ? passwordProblem(passphrase) : new Set(passphrase.normalize('NFKC').toLowerCase()).size === 1 ? repeated : null;
  if (!problem) return null;
  return { message: `The passphrase ${problem.message}.`, params: { ...problem.params, ...limits } };
}

const repeated = { message: 'must not be one character repeated', params: { reason: 'repeated' as const } };

function deriveKey(passphrase: string, salt: Buffer, kdf: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 128 * kdf.N * kdf.r * kdf.p + 16 * 1024 * 1024;
    scrypt(passphrase.normalize('NFKC'), salt, KEY_BYTES, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * The encrypted file, piece by piece: the header line, the ciphertext of `plaintext`, the tag. The
 * passphrase is checked and the key derived before this resolves, so nothing has been sent when
 * either fails.
 */
export async function encryptBackup(
  plaintext: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
  passphrase: string,
  about: { appVersion: string; createdAt: string; secrets: boolean },
): Promise<AsyncGenerator<Buffer>> {
  const problem = passphraseProblem(passphrase);
  if (problem) throw new BackupFormatError(problem.message, 'WEAK_PASSPHRASE', { ...problem.params });
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const key = await deriveKey(passphrase, salt, SCRYPT);
  const header: EncryptedHeader = {
    format: FORMAT,
    encrypted: true,
    formatVersion: FORMAT_VERSION,
    appVersion: about.appVersion,
    createdAt: about.createdAt,
    secrets: about.secrets,
    kdf: { name: 'scrypt', ...SCRYPT, salt: salt.toString('base64') },
    cipher: { name: 'aes-256-gcm', iv: iv.toString('base64'), tagLength: TAG_BYTES },
  };
  const headerLine = Buffer.from(JSON.stringify(header));
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(headerLine);
  return (async function* () {
    yield Buffer.concat([headerLine, Buffer.from('\n')]);
    for await (const piece of plaintext) {
      const out = cipher.update(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
      if (out.length > 0) yield out;
    }
    yield Buffer.concat([cipher.final(), cipher.getAuthTag()]);
  })();
}

/**
 * The header of an encrypted backup, when `line` (the file's first line, without its newline) is
 * one; null for anything else (a plain backup starts with its JSON). A header with parameters this
 * version does not accept is refused with a message.
 */
export function encryptedHeaderOf(line: Buffer): EncryptedHeader | null {
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    return null;
  }
  const h = value as Partial<EncryptedHeader> | null;
  if (!h || typeof h !== 'object' || h.format !== FORMAT || h.encrypted !== true) return null;
  if (h.formatVersion !== FORMAT_VERSION) {
    throw new BackupFormatError(`Unknown backup format version ${String(h.formatVersion)}: this version of Grafik reads versions 1 and 2.`);
  }
  const kdf = h.kdf;
  const cipher = h.cipher;
  if (!kdf || kdf.name !== 'scrypt' || !cipher || cipher.name !== 'aes-256-gcm') {
    throw new BackupFormatError('The backup is encrypted with a method this version of Grafik does not know (it reads scrypt with AES-256-GCM).');
  }
  const { N, r, p } = kdf;
  const whole = (n: unknown, max: number) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= max;
  if (!whole(N, 2 ** 24) || (N & (N - 1)) !== 0 || N < 2 ** 14 || !whole(r, 64) || !whole(p, 16) || 128 * N * r * p > MAX_SCRYPT_MEMORY) {
    throw new BackupFormatError(
      "The encrypted backup's header asks for key derivation settings outside what Grafik accepts; the file is damaged or was not made by Grafik.",
    );
  }
  const salt = Buffer.from(String(kdf.salt ?? ''), 'base64');
  const iv = Buffer.from(String(cipher.iv ?? ''), 'base64');
  if (salt.length < SALT_BYTES || iv.length !== IV_BYTES || cipher.tagLength !== TAG_BYTES) {
    throw new BackupFormatError(
      "The encrypted backup's header has a salt, IV or tag length Grafik does not accept; the file is damaged or was not made by Grafik.",
    );
  }
  return h as EncryptedHeader;
}

const WRONG_PASSPHRASE_MESSAGE =
  'The passphrase does not open this backup: it is not the one the backup was made with, or the file was changed or damaged. Nothing was restored.';

/** Decrypts the body that follows `headerLine`, fed in pieces; `finish` checks the tag (the last 16 bytes). */
export class BackupDecryption {
  private hold: Buffer = Buffer.alloc(0);
  private readonly decipher: DecipherGCM;
  private constructor(decipher: DecipherGCM) {
    this.decipher = decipher;
  }

  static async open(header: EncryptedHeader, headerLine: Buffer, passphrase: string): Promise<BackupDecryption> {
    const key = await deriveKey(passphrase, Buffer.from(header.kdf.salt, 'base64'), header.kdf);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.cipher.iv, 'base64'), { authTagLength: TAG_BYTES });
    decipher.setAAD(headerLine);
    return new BackupDecryption(decipher);
  }

  /** The plaintext of everything but the last 16 bytes seen so far (they may be the tag). */
  update(chunk: Buffer): Buffer {
    if (this.hold.length + chunk.length <= TAG_BYTES) {
      this.hold = Buffer.concat([this.hold, chunk]);
      return Buffer.alloc(0);
    }
    const all = this.hold.length > 0 ? Buffer.concat([this.hold, chunk]) : chunk;
    const cut = all.length - TAG_BYTES;
    this.hold = Buffer.from(all.subarray(cut));
    return this.decipher.update(all.subarray(0, cut));
  }

  /** Checks the tag; throws WRONG_PASSPHRASE when the passphrase or the file is not the right one. */
  finish(): Buffer {
    if (this.hold.length !== TAG_BYTES) throw new BackupFormatError('The encrypted backup is cut off: it ends before its authentication tag.');
    this.decipher.setAuthTag(this.hold);
    try {
      return this.decipher.final();
    } catch {
      throw new BackupFormatError(WRONG_PASSPHRASE_MESSAGE, 'WRONG_PASSPHRASE');
    }
  }
}
