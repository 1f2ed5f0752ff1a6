// /contact-us: a static map picture of the office; the third-party interactive map loads only
// when the visitor asks for it (nothing leaves the site before), plus a plain link to it.
import { useState } from 'react';
import type { ImageData } from '../components/views.tsx';
import { Picture } from '../components/Picture.tsx';

interface Props { image: ImageData; imageAlt: string; embedUrl: string; frameTitle: string; button: string; notice: string; linkUrl: string; linkLabel: string; newTab: string }

export default function MapEmbed({ image, imageAlt, embedUrl, frameTitle, button, notice, linkUrl, linkLabel, newTab }: Props) {
  const [live, setLive] = useState(false);
  return (
    <div className="map">
      {live ? (
        <iframe className="map__frame" src={embedUrl} title={frameTitle} width={image.width} height={image.height} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <Picture image={image} alt={imageAlt} className="map__image" />
      )}
      <div className="map__actions">
        {live ? null : <button type="button" className="btn btn--secondary" onClick={() => setLive(true)}>{button}</button>}
        <a href={linkUrl} target="_blank" rel="noopener noreferrer" className="card__link">{linkLabel}<span className="visually-hidden"> ({newTab})</span></a>
      </div>
      <p className="map__notice">{notice}</p>
    </div>
  );
}
