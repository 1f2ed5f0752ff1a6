// fontkit ships no types: the part of its API generator/assets/cards.ts uses to draw social cards.
declare module 'fontkit' {
  interface Path {
    scale(x: number, y: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
    commands: { command: string; args: number[] }[];
  }
  export interface Glyph { id: number; path: Path }
  interface Position { xAdvance: number; xOffset: number; yOffset: number }
  interface GlyphRun { glyphs: Glyph[]; positions: Position[]; advanceWidth: number }
  export interface Font {
    unitsPerEm: number;
    layout(text: string): GlyphRun;
  }
  export function create(buffer: Buffer): Font;
}
