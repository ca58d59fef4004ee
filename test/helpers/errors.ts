// The ApiError a call ends with; any other outcome fails the test.
import { ApiError } from '../../electron/api';

export async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}
