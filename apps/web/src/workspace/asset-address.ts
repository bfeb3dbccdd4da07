import { HOME_PATHS } from '../app/route-table';

/**
 * The open asset is part of the address (docs/product-rules.md, 'Routes'): `?asset={id}` on the
 * editor's paths (`/`, `/editor`), so a reload, the back button or a link sent to oneself opens it
 * again. Elsewhere no asset is open.
 */
export const ASSET_PARAM = 'asset';

interface Address {
  pathname: string;
  search: string;
}

function isEditorPath(pathname: string): boolean {
  return (HOME_PATHS as readonly string[]).includes(pathname);
}

/** The id of the asset `address` opens, or null. */
export function assetIdOf(address: Address): string | null {
  if (!isEditorPath(address.pathname)) return null;
  const id = new URLSearchParams(address.search).get(ASSET_PARAM)?.trim();
  return id ? id : null;
}

/**
 * The address that opens `assetId` (null: none) from `address`: the same editor path and other
 * parameters, or `/` when `address` is not the editor.
 */
export function addressWithAsset(address: Address, assetId: string | null): Address {
  const onEditor = isEditorPath(address.pathname);
  const params = new URLSearchParams(onEditor ? address.search : '');
  if (assetId === null) params.delete(ASSET_PARAM);
  else params.set(ASSET_PARAM, assetId);
  const search = params.toString();
  return { pathname: onEditor ? address.pathname : '/', search: search ? `?${search}` : '' };
}
