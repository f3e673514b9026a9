import { describe, expect, it } from 'vitest';
import { nameTaken, uniqueName, uploadName, writeUnderFreeName } from './names';

describe('names', () => {
  it('takes the first free " (n)" suffix, case-insensitively, keeping the extension when asked', () => {
    expect(uniqueName('photo.png', [], 255, true)).toBe('photo.png');
    expect(uniqueName('photo.png', ['PHOTO.png', 'photo (1).png'], 255, true)).toBe('photo (2).png');
    expect(uniqueName('v1.2', ['v1.2'], 100, false)).toBe('v1.2 (1)');
    expect(uniqueName('.hidden', ['.hidden'], 100, true)).toBe('.hidden (1)');
  });

  it('cuts the stem so that the name with its suffix stays within the limit', () => {
    const long = `${'a'.repeat(20)}.png`;
    const name = uniqueName(long, [long], 20, true);
    expect(name).toBe(`${'a'.repeat(12)} (1).png`);
    expect(name).toHaveLength(20);
  });

  it('compares names case-insensitively', () => {
    expect(nameTaken('Clip.MP4', ['clip.mp4'])).toBe(true);
    expect(nameTaken('clip.mp4', ['clip 2.mp4'])).toBe(false);
  });

  it('makes a name from an uploaded file name: no path, under the name rule, else the fallback', () => {
    expect(uploadName('C:\\tmp\\a\u202Eb.png', 255, 'image.png')).toBe('ab.png');
    expect(uploadName('/etc/passwd', 255, 'x')).toBe('passwd');
    expect(uploadName('\u200B', 255, 'video')).toBe('video');
    expect(uploadName(undefined, 255, 'video')).toBe('video');
  });

  it('tries the next free name when the unique index refuses one, and gives up after a few', async () => {
    const taken = ['a.png'];
    const clash = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'names_unique' });
    const tried: string[] = [];
    const written = await writeUnderFreeName({
      wanted: 'a.png',
      max: 255,
      keepExtension: true,
      index: 'names_unique',
      taken: async () => [...taken],
      write: async (name) => {
        tried.push(name);
        // A racing writer took this name between the read and the write.
        if (tried.length === 1) {
          taken.push(name);
          throw clash;
        }
        return name;
      },
    });
    expect(tried).toEqual(['a (1).png', 'a (2).png']);
    expect(written).toBe('a (2).png');

    let attempts = 0;
    const always = writeUnderFreeName({ wanted: 'b', max: 9, keepExtension: false, index: 'names_unique', taken: async () => [], write: async () => { attempts++; throw clash; } });
    await expect(always).rejects.toBe(clash);
    expect(attempts).toBe(5);

    const other = Object.assign(new Error('other index'), { code: '23505', constraint: 'other' });
    await expect(writeUnderFreeName({ wanted: 'c', max: 9, keepExtension: false, index: 'names_unique', taken: async () => [], write: async () => { throw other; } })).rejects.toBe(other);
  });
});
