import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, imageListQuery, parseGalleryState, serializeGalleryState } from './gallery-state';

describe('gallery URL state', () => {
  it('reads every part of the view from the query and writes it back without the defaults', () => {
    const query = 'folder=4&q=spring&format=png&size=medium&status=rejected&sort=name&order=asc&view=list&page=3&pageSize=48&image=9';
    const state = parseGalleryState(new URLSearchParams(query));
    expect(state).toEqual({
      folder: 4,
      search: 'spring',
      format: 'png',
      size: 'medium',
      status: 'rejected',
      sort: 'name',
      order: 'asc',
      view: 'list',
      tab: 'images',
      page: 3,
      pageSize: 48,
      image: 9,
    });
    expect(serializeGalleryState(state).toString()).toBe(new URLSearchParams(query).toString());
    expect(serializeGalleryState(DEFAULT_STATE).toString()).toBe('');
  });

  it('falls back to the defaults for anything unknown or malformed', () => {
    const state = parseGalleryState(new URLSearchParams('folder=-2&format=bmp&sort=colour&view=mosaic&page=zero&pageSize=5000'));
    expect(state).toMatchObject({ folder: 'all', format: undefined, sort: 'createdAt', view: 'grid', page: 1, pageSize: 200 });
  });

  it('turns the state into the image list request', () => {
    expect(imageListQuery({ ...DEFAULT_STATE, folder: 'root', size: 'large', search: ' x ' })).toEqual({
      root: 'true',
      search: 'x',
      minBytes: 1024 * 1024,
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      pageSize: 24,
    });
    expect(imageListQuery({ ...DEFAULT_STATE, folder: 7 })).toMatchObject({ folderId: 7 });
    expect(imageListQuery(DEFAULT_STATE)).not.toHaveProperty('folderId');
  });
});
