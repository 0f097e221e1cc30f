import { describe, expect, it } from 'vitest';
import { checkUpload } from './uploads.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('checkUpload', () => {
  it('should keep the file name without directories or control characters', async () => {
    expect((await checkUpload(new File([PNG], '../../etc/a\u0000b.png'))).name).toBe('ab.png');
    expect((await checkUpload(new File([PNG], 'photo\r\nBcc: x@example.test.png'))).name).toBe('photoBcc: x@example.test.png');
  });

  it('should judge the extension after removing control characters (a NUL cannot hide .exe)', async () => {
    await expect(checkUpload(new File([PNG], 'photo.png\u0000.exe'))).rejects.toMatchObject({ status: 422 });
  });
});
