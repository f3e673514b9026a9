import { describe, expect, it } from 'vitest';
import { folderTree, imageList } from './assets';
import { ENTITY_SEARCH } from './entity-search';
import { seriesList, videoList } from './videos';

describe('the header search', () => {
  it('asks the list calls that exist, with the answers its kinds expect', () => {
    expect(ENTITY_SEARCH.folder.endpoint).toBe(folderTree.key);
    expect(ENTITY_SEARCH.series.endpoint).toBe(seriesList.key);
    expect(ENTITY_SEARCH.image.endpoint).toBe(imageList.key);
    expect(ENTITY_SEARCH.video.endpoint).toBe(videoList.key);
    // The header filters these lists itself: whole lists, nothing to page.
    for (const contract of [folderTree, seriesList]) {
      expect(contract.method).toBe('GET');
      expect(Object.keys(contract.request.shape)).toEqual([]);
    }
    // …and asks these to filter by name.
    for (const contract of [imageList, videoList]) {
      expect(contract.request.safeParse({ search: 'winter', pageSize: '5' }).success).toBe(true);
    }
  });
});
