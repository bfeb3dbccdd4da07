import { describe, expect, it } from 'vitest';
import { addressWithAsset, assetIdOf } from './asset-address';

describe('assetIdOf', () => {
  it("reads ?asset= on the editor's paths only", () => {
    expect(assetIdOf({ pathname: '/', search: '?asset=abc' })).toBe('abc');
    expect(assetIdOf({ pathname: '/editor', search: '?look=teal&asset=abc' })).toBe('abc');
    expect(assetIdOf({ pathname: '/settings', search: '?asset=abc' })).toBeNull();
    expect(assetIdOf({ pathname: '/', search: '?asset=' })).toBeNull();
    expect(assetIdOf({ pathname: '/', search: '' })).toBeNull();
  });
});

describe('addressWithAsset', () => {
  it('sets the asset and keeps the path and the other parameters', () => {
    expect(addressWithAsset({ pathname: '/editor', search: '?look=teal' }, 'abc')).toEqual({ pathname: '/editor', search: '?look=teal&asset=abc' });
    expect(addressWithAsset({ pathname: '/', search: '?asset=old' }, 'new')).toEqual({ pathname: '/', search: '?asset=new' });
  });

  it('removes it on closing, and opens from elsewhere at /', () => {
    expect(addressWithAsset({ pathname: '/', search: '?asset=abc' }, null)).toEqual({ pathname: '/', search: '' });
    expect(addressWithAsset({ pathname: '/auth', search: '?mode=signup' }, 'abc')).toEqual({ pathname: '/', search: '?asset=abc' });
  });
});
