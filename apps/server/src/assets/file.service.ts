import { HttpError } from '../http/http-error';
import type { FileGrant, FileSigner } from '../storage/signed-urls';
import { ObjectNotFoundError, type ByteRange, type Storage, type StoredObject } from '../storage/storage';

/** Parses a single `bytes=` range (RFC 9110 §14.1.2); multi-range requests get the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  let start: number;
  let end: number;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(startText);
    end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

const noSuchFile = () => new HttpError(404, 'not_found', 'No such file.');

/** What the file route sends: the whole file or one range of it, or a 416 for a range outside it. */
export type OpenedFile =
  | { readonly kind: 'unsatisfiable'; readonly size: number }
  | { readonly kind: 'file'; readonly size: number; readonly range: ByteRange | null; readonly object: StoredObject };

/**
 * Private files behind signed links (docs/product-rules.md, 'Files and privacy'): a valid,
 * unexpired signature, then the owner's own session, then the bytes from storage. Another user's
 * link answers exactly like a missing file.
 */
export class FileService {
  constructor(
    private readonly storage: Storage,
    private readonly signer: FileSigner,
  ) {}

  /** The grant a link carries; checked before anything else, as it costs no IO. */
  grant(token: string): FileGrant {
    const verdict = this.signer.verify(token);
    if (verdict.ok) return verdict.grant;
    if (verdict.reason === 'expired') throw new HttpError(403, 'forbidden', 'This link has expired. Reload the page for a new one.');
    throw noSuchFile();
  }

  /** Opens the granted file for `viewerId` (the signed-in user), whole or the range the request names. */
  async open(grant: FileGrant, viewerId: string, rangeHeader: string | undefined): Promise<OpenedFile> {
    if (viewerId !== grant.userId) throw noSuchFile();
    const size = await this.storage.size(grant.key);
    if (size === null) throw noSuchFile();
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size };
    try {
      return { kind: 'file', size, range, object: await this.storage.read(grant.key, range ?? undefined) };
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw noSuchFile();
      throw error;
    }
  }
}
