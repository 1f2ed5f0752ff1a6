// Photos: each JPEG, PNG, WebP or AVIF the content names, with its source (file, format,
// pixels, bytes), what the build delivers (bytes per width and format), what a phone and a
// laptop download for each role the pages show it in, the pages, and its warnings located.
import type { RefObject } from 'react';
import type { AdminState, PhotoDownload, PhotoInfo } from '../types.ts';
import { PhotoUpload } from './editor/PhotoUpload.tsx';
import { Badge, FileLink, ProblemList, kb, plural, TableScroll } from './common.tsx';

const FORMAT: Record<string, string> = { avif: 'AVIF', webp: 'WebP', jpeg: 'JPEG', png: 'PNG' };
const formatName = (format: string) => FORMAT[format] ?? format.toUpperCase();

export function PhotosView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  const warnings = state.photos.reduce((n, p) => n + p.warnings.length, 0);
  return (
    <section aria-labelledby="photos-heading">
      <h1 id="photos-heading" ref={heading} tabIndex={-1}>Photos</h1>
      <p className="lede">
        Each photo the content names is delivered as AVIF and WebP, plus its own format for older browsers, at the widths
        its uses need (never wider than the source), upright and with all metadata removed (GPS, camera, names). A browser
        picks one file: below, what a <strong>phone</strong> (375&nbsp;px wide at 2×) and a <strong>laptop</strong>{' '}
        (1280&nbsp;px at 1×) download for each use, against the source&rsquo;s bytes.
      </p>
      <PhotoUpload writable={state.writable} />
      <p className="summary">
        {state.photos.length ? plural(state.photos.length, 'photo') : 'No photo yet: the content\u2019s images are all SVG.'}
        {warnings ? <span className="summary__item--draft">{plural(warnings, 'warning')}</span> : null}
      </p>
      {state.photos.map((photo) => <Photo key={photo.path} photo={photo} />)}
    </section>
  );
}

function Photo({ photo }: { photo: PhotoInfo }) {
  const id = `photo-${photo.path.replace(/[^a-z0-9]+/gi, '-')}`;
  const { source } = photo;
  return (
    <section className="photo" aria-labelledby={id} data-photo={photo.path}>
      <h2 id={id}>
        <code>{photo.path}</code>{' '}
        {photo.warnings.length ? <Badge tone="draft">Too small</Badge> : null}
      </h2>
      <dl className="photo__facts">
        <div><dt>Source</dt><dd><FileLink at={photo.file} /></dd></div>
        <div><dt>Format</dt><dd>{formatName(source.format)}, {source.width}&thinsp;×&thinsp;{source.height}&nbsp;px</dd></div>
        <div><dt>Original</dt><dd>{kb(source.bytes)}</dd></div>
        {photo.namedAt ? <div><dt>Named at</dt><dd><FileLink at={photo.namedAt} /></dd></div> : null}
        <div>
          <dt>Pages</dt>
          <dd>
            {photo.pages.length ? (
              photo.pages.length > 4 ? <span className="muted">{photo.pages.length} pages</span> :
              photo.pages.map((p) => <a key={p} className="page-path" href={p} target="_blank" rel="noopener"><code>{p}</code></a>)
            ) : <span className="muted">none</span>}
          </dd>
        </div>
      </dl>
      {photo.warnings.length ? <ProblemList problems={photo.warnings} /> : null}
      <TableScroll label={`Table: bytes delivered for ${photo.path}`}>
        <table className="table table--compact table--photo">
          <caption className="visually-hidden">Bytes delivered for {photo.path}, per format and width</caption>
          <thead>
            <tr>
              <th scope="col">Format</th>
              {photo.widths.map((w) => <th key={w} scope="col" className="num">{w}&nbsp;px</th>)}
            </tr>
          </thead>
          <tbody>
            {photo.formats.map((f) => (
              <tr key={f.format} data-format={f.format}>
                <th scope="row">{formatName(f.format)}</th>
                {f.bytes.map((b, i) => <td key={photo.widths[i]} className="num">{kb(b)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {photo.uses.length ? (
        <TableScroll label={`Table: what a visitor downloads for ${photo.path}`}>
          <table className="table table--compact table--downloads">
            <caption className="visually-hidden">What a visitor downloads for {photo.path}</caption>
            <thead>
              <tr>
                <th scope="col">Shown as</th>
                <th scope="col">Phone (375&nbsp;px, 2×)</th>
                <th scope="col">Laptop (1280&nbsp;px, 1×)</th>
              </tr>
            </thead>
            <tbody>
              {photo.uses.map((u) => (
                <tr key={u.role} data-role={u.role}>
                  <th scope="row">{u.role}</th>
                  <td><Download file={u.phone} source={source.bytes} /></td>
                  <td><Download file={u.desktop} source={source.bytes} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="muted">No page lays it out (it is only linked, e.g. as a sharing image).</p>
      )}
    </section>
  );
}

function Download({ file, source }: { file: PhotoDownload; source: number }) {
  const share = (file.bytes / source) * 100;
  return (
    <>
      <strong>{kb(file.bytes)}</strong> <span className="muted">{formatName(file.format)} {file.width}&nbsp;px, {share < 1 ? share.toFixed(1) : share.toFixed(0)}% of the original</span>
    </>
  );
}
