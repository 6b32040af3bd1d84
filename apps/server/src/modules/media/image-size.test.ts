import { describe, expect, it } from 'vitest';
import { blendPng } from '../../seed/png';
import { imageSize, looksLikeImage } from './image-size';

describe('image size and type from the first bytes', () => {
  it('reads PNG, GIF and JPEG sizes', () => {
    expect(imageSize(blendPng(384, 192, [0, 0, 0], [255, 255, 255]))).toEqual({ width: 384, height: 192 });
    const gif = Buffer.from('GIF89a\x80\x01\xc0\x00', 'latin1');
    expect(imageSize(gif)).toEqual({ width: 384, height: 192 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 192 and width 384.
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.alloc(14),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc0, 0x01, 0x80, 0x03]),
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 384, height: 192 });
    expect(imageSize(Buffer.from('<svg/>'))).toBeNull();
  });

  it('knows an image by its signature, not its name', () => {
    expect(looksLikeImage('png', blendPng(2, 1, [0, 0, 0], [1, 1, 1]))).toBe(true);
    expect(looksLikeImage('png', Buffer.from('<html>'))).toBe(false);
    expect(looksLikeImage('jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeImage('webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe(true);
    expect(looksLikeImage('pdf', Buffer.from('%PDF'))).toBe(true);
  });
});
