// A refusal of the server as a sentence on the employee's screens, by its code (the entry's shared
// sentences), never its English text; kept apart from the planners' translateApiError, whose file the
// employee's first screen does not load.
import { ApiError } from '../../lib/api.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function refusalText(err: unknown, t: Translate): string {
  if (!(err instanceof ApiError)) return t('apiErrors:unexpected');
  if (err.status === 0) return t('apiErrors:codes.NETWORK');
  return t(`apiErrors:codes.${err.code}`, {
    ...err.params,
    defaultValue: t(err.status >= 500 ? 'apiErrors:status.server' : 'apiErrors:status.client', { status: err.status }),
  });
}
