import fs from 'node:fs';
import type { TestServer } from './test-server';

/** A minimal tus 1.0.0 client over the in-process app (or a server process), for tests of the protocol itself. */
export class TusTestClient {
  constructor(
    private readonly server: Pick<TestServer, 'request'>,
    private readonly cookie: string,
  ) {}

  async create(size: number, filename: string, filetype = 'application/octet-stream'): Promise<Response> {
    const metadata = `filename ${Buffer.from(filename).toString('base64')},filetype ${Buffer.from(filetype).toString('base64')}`;
    return this.server.request('/api/uploads', {
      method: 'POST',
      cookie: this.cookie,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': metadata },
    });
  }

  patch(location: string, offset: number, chunk: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
    return this.server.request(location, {
      method: 'PATCH',
      cookie: this.cookie,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', ...headers },
      body: new Blob([chunk as Uint8Array<ArrayBuffer>]),
    });
  }

  async offset(location: string): Promise<number> {
    const response = await this.server.request(location, { method: 'HEAD', cookie: this.cookie, headers: { 'Tus-Resumable': '1.0.0' } });
    return Number(response.headers.get('upload-offset'));
  }

  /** Cancels an unfinished upload (tus DELETE). */
  cancel(location: string): Promise<Response> {
    return this.server.request(location, { method: 'DELETE', cookie: this.cookie, headers: { 'Tus-Resumable': '1.0.0' } });
  }

  /** Uploads a whole file in chunks; answers the final response. */
  async upload(filePath: string, filename: string, chunkSize = 256 * 1024): Promise<Response> {
    const bytes = fs.readFileSync(filePath);
    const created = await this.create(bytes.length, filename);
    if (created.status !== 201) return created;
    const location = created.headers.get('location') ?? '';
    let offset = 0;
    let last: Response = created;
    if (bytes.length === 0) last = await this.patch(location, 0, new Uint8Array());
    while (offset < bytes.length) {
      const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + chunkSize));
      last = await this.patch(location, offset, chunk);
      if (last.status !== 204 && last.status !== 200) return last;
      offset += chunk.length;
    }
    return last;
  }
}
