// Adding a photo: dropped or chosen, named under images/, checked by the preview before it is kept
// (its format by its bytes, its size and pixels), and answered with the widths the build will make.
import { useState, type DragEvent } from 'react';
import { postBytes } from './api.ts';

interface Uploaded { path: string; format: string; width: number; height: number; bytes: number; widths: number[]; warnings: string[] }

/** A file name as the photo pipeline takes it: lowercase letters, digits, dots and hyphens. */
export const photoName = (name: string) => name.toLowerCase().replace(/\.jpeg$/, '.jpg').replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+(?=\.)/g, '');

export function PhotoUpload({ writable }: { writable: boolean }) {
  const [file, setFile] = useState<File>();
  const [folder, setFolder] = useState('blog');
  const [name, setName] = useState('');
  const [over, setOver] = useState(false);
  const [result, setResult] = useState<Uploaded>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    setResult(undefined);
    setError(undefined);
    if (chosen) setName(photoName(chosen.name));
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    choose(e.dataTransfer.files[0]);
  };
  const path = `images/${folder.replace(/^\/+|\/+$/g, '')}/${name}`;
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      setResult(await postBytes<Uploaded>(`/_admin/api/photo?path=${encodeURIComponent(path)}`, file));
      setFile(undefined);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`upload${over ? ' upload--over' : ''}`} aria-labelledby="upload-heading" onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}>
      <h2 id="upload-heading">Add a photo</h2>
      <p className="field__help">Drop a JPEG, PNG, WebP or AVIF here, or choose one. It is checked before it is kept; then pick it in any image field, and write its alt text there, in English and in French.</p>
      <div className="toolbar">
        <label htmlFor="upload-file">Photo</label>
        <input id="upload-file" type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => choose(e.target.files?.[0])} disabled={!writable} />
      </div>
      {file ? (
        <div className="toolbar">
          <label htmlFor="upload-folder">Folder <code>images/</code></label>
          <input id="upload-folder" type="text" value={folder} onChange={(e) => setFolder(e.target.value)} />
          <label htmlFor="upload-name">Name</label>
          <input id="upload-name" type="text" value={name} onChange={(e) => setName(e.target.value)} />
          <button type="button" className="button button--primary" onClick={upload} disabled={busy || !writable}>{busy ? 'Checking…' : `Add as ${path}`}</button>
        </div>
      ) : null}
      {error ? <p className="text-invalid" role="alert">Not added: {error}</p> : null}
      {result ? (
        <div className="panel panel--valid" role="status">
          ✓ Added <code>{result.path}</code>: {result.format.toUpperCase()}, {result.width}×{result.height} px, {(result.bytes / 1024).toFixed(0)} KB.
          The build makes it {result.widths.join(', ')} px wide, in AVIF, WebP and {result.format.toUpperCase()}.
          {result.warnings.map((w) => <span key={w} className="field__problem--warning"> Note: {w}.</span>)}
        </div>
      ) : null}
    </section>
  );
}
