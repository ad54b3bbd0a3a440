import { bearerToken, NetworkError, responseError } from './api.ts';

/**
 * A signed-in multipart upload to `/api/v1` with progress, for the one thing
 * fetch cannot do (report upload progress); otherwise it goes like the client
 * in api.ts: the session's bearer token, JSON back, the same two errors.
 * The file goes as the form field `file`; `fields` adds text fields beside it
 * (an athlete picture names its athlete and side).
 */
export async function apiUpload<T>(
  path: string,
  file: File,
  onProgress: (pct: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  const token = await bearerToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: an error answer without a body, or an odd one
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(responseError(xhr.status, body));
    };
    xhr.onerror = () => reject(new NetworkError('No connection to the server.'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', file);
    xhr.send(form);
  });
}
