// A Markdown field: a text area with a small toolbar (headings, bold, italic, link, list, image)
// and the rendered result beside it, as markdown-it renders it with the build's own options (no
// raw HTML), so what the author sees is what the page shows.
import { useMemo, useRef } from 'react';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
// A content image (images/…) is shown from content/ itself: the built page's copy may not exist yet.
const image = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, i, options, env, self) => {
  const src = tokens[i]!.attrGet('src') ?? '';
  if (/^images\//.test(src)) tokens[i]!.attrSet('src', `/_admin/api/image?path=${encodeURIComponent(src)}`);
  return image(tokens, i, options, env, self);
};

type Tool = { label: string; name: string; apply: (selected: string) => { text: string; select?: [number, number] } };

const TOOLS: Tool[] = [
  { label: 'H2', name: 'H2 heading', apply: (s) => ({ text: `\n## ${s || 'Heading'}\n` }) },
  { label: 'B', name: 'Bold', apply: (s) => ({ text: `**${s || 'bold text'}**` }) },
  { label: 'I', name: 'Italic', apply: (s) => ({ text: `*${s || 'italic text'}*` }) },
  { label: 'Link', name: 'Link', apply: (s) => ({ text: `[${s || 'link text'}](/contact-us)` }) },
  { label: '• List', name: 'Bulleted list', apply: (s) => ({ text: `\n${(s || 'item').split('\n').map((line) => `- ${line}`).join('\n')}\n` }) },
  { label: 'Image', name: 'Image', apply: (s) => ({ text: `\n![${s || 'What the picture shows'}](images/blog/your-photo.jpg)\n` }) },
];
const INLINE = new Set(['Bold', 'Italic', 'Link']);

export function MarkdownField({ common, value, onChange, inline, label, rows = 8 }: { common: Record<string, unknown>; value: string; onChange: (v: string) => void; inline?: boolean; label: string; rows?: number }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const html = useMemo(() => (inline ? md.renderInline(value) : md.render(value)), [value, inline]);
  const apply = (tool: Tool) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: from, selectionEnd: to } = el;
    const { text } = tool.apply(value.slice(from, to));
    onChange(value.slice(0, from) + text + value.slice(to));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(from + text.length, from + text.length);
    });
  };
  return (
    <div className={`markdown${inline ? ' markdown--inline' : ''}`}>
      <div className="markdown__tools" role="toolbar" aria-label={`Format ${label}`}>
        {TOOLS.filter((t) => !inline || INLINE.has(t.name)).map((t) => (
          <button key={t.name} type="button" className="button button--small" aria-label={t.name} title={t.name} disabled={common.disabled as boolean} onClick={() => apply(t)}>{t.label}</button>
        ))}
      </div>
      <div className="markdown__panes">
        <textarea {...common} ref={area} rows={inline ? 3 : rows} value={value} onChange={(e) => onChange(e.target.value)} spellCheck />
        <div className="markdown__preview" aria-label={`${label}, as the page shows it`} role="region" tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </div>
  );
}
