// /leadership: six round portraits, the first larger. Choosing one (click, Enter, Space: they
// are buttons) shows that person's name, role, text and profile link; the chosen portrait is in
// colour, the others greyscale.
import { useState } from 'react';
import type { ImageData } from '../components/views.tsx';
import { Picture } from '../components/Picture.tsx';

/** `lang`: set when a page of another language shows this leader untranslated (en-CA). */
export interface Leader { name: string; role: string; bioHtml: string; photo: ImageData; photoAlt: string; profileUrl: string; lang?: string }
interface Props { members: Leader[]; profileLabel: string; newTab: string }

export default function LeadershipTeam({ members, profileLabel, newTab }: Props) {
  const [chosen, setChosen] = useState(0);
  const m = members[chosen]!;
  return (
    <div className="leaders">
      <ul className="leaders__list" role="list">
        {members.map((x, i) => (
          <li key={x.name} className={i === 0 ? 'leaders__item leaders__item--lead' : 'leaders__item'} lang={x.lang}>
            <button type="button" className="leaders__button" aria-pressed={i === chosen} onClick={() => setChosen(i)}>
              <Picture image={x.photo} alt={x.photoAlt} className="leaders__photo" />
              <span className="leaders__name">{x.name}</span>
              <span className="leaders__role">{x.role}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="leaders__detail card" aria-live="polite">
        <h3 className="leaders__detail-name" lang={m.lang}>{m.name}</h3>
        <p className="leaders__detail-role" lang={m.lang}>{m.role}</p>
        <div className="prose leaders__bio" lang={m.lang} dangerouslySetInnerHTML={{ __html: m.bioHtml }} />
        <a href={m.profileUrl} target="_blank" rel="noopener noreferrer" className="card__link">
          {profileLabel}<span className="visually-hidden"> ({newTab})</span>
        </a>
      </div>
    </div>
  );
}
