// Text inside a PNG (iTXt chunks: UTF-8, with a language): a social card carries its page's
// title as the PNG "Title", so a test, or anyone holding the file, can tell which page it is for.
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `png` with an iTXt chunk `keyword` = `text` (in language `lang`) right after its header. */
export function withPngText(png: Buffer, keyword: string, text: string, lang = ''): Buffer {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('withPngText: not a PNG');
  // Keyword and language tag are Latin-1, NUL-terminated; compression flag and method 0; no translated keyword.
  const data = Buffer.concat([Buffer.from(`${keyword}\0\0\0${lang}\0\0`, 'latin1'), Buffer.from(text, 'utf8')]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('iTXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const headerEnd = 8 + 12 + png.readUInt32BE(8); // signature, then IHDR (length, type, data, CRC)
  return Buffer.concat([png.subarray(0, headerEnd), chunk, png.subarray(headerEnd)]);
}

/** Every iTXt and tEXt chunk of a PNG, keyword → text; checks each chunk's CRC. */
export function readPngText(png: Buffer): Map<string, string> {
  const texts = new Map<string, string>();
  if (!png.subarray(0, 8).equals(SIGNATURE)) return texts;
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (png.readUInt32BE(at + 8 + length) !== crc32(png.subarray(at + 4, at + 8 + length))) throw new Error(`readPngText: bad CRC in ${type}`);
    if (type === 'tEXt') {
      const nul = data.indexOf(0);
      texts.set(data.toString('latin1', 0, nul), data.toString('latin1', nul + 1));
    } else if (type === 'iTXt') {
      const nul = data.indexOf(0);
      const lang = data.indexOf(0, nul + 3);
      const translated = data.indexOf(0, lang + 1);
      if (data[nul + 1] === 0) texts.set(data.toString('latin1', 0, nul), data.toString('utf8', translated + 1));
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return texts;
}

/** Whether `bytes` is a whole PNG: its signature, and an IEND chunk at its very end. */
export function isWholePng(bytes: Buffer): boolean {
  return bytes.length > 20 && bytes.subarray(0, 8).equals(SIGNATURE) && bytes.toString('latin1', bytes.length - 8, bytes.length - 4) === 'IEND';
}

/** A cached card is used only whole: a PNG to its IEND, a JPEG to its end marker. */
export function isWholeImage(bytes: Buffer): boolean {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  return isWholePng(bytes);
}
