// The admin's live data and its address-bar state.
import { useEffect, useState } from 'react';
import type { AdminState } from '../types.ts';

/** The preview's state, replaced whenever the server pushes a new one (after every rebuild). */
export function useAdminState(): { state: AdminState | undefined; live: boolean } {
  const [state, setState] = useState<AdminState>();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const source = new EventSource('/_admin/events');
    source.addEventListener('state', (event) => {
      setState(JSON.parse((event as MessageEvent<string>).data) as AdminState);
      setLive(true);
    });
    source.addEventListener('open', () => setLive(true));
    source.addEventListener('error', () => setLive(false));
    return () => source.close();
  }, []);
  return { state, live };
}

export interface Place {
  tab: string;
  params: URLSearchParams;
}

/** #checks or #pages?view=/faqs → { tab, params }; follows Back and Forward. */
export function useHashPlace(fallback: string): Place {
  const read = (): Place => {
    const hash = location.hash.slice(1);
    const at = hash.indexOf('?');
    const raw = at < 0 ? hash : hash.slice(0, at);
    let tab = raw;
    try {
      tab = decodeURIComponent(raw);
    } catch {
      // A malformed escape (#%E0%A4%A) is no section: the fallback shows, not a blank admin.
    }
    return { tab: tab || fallback, params: new URLSearchParams(at < 0 ? '' : hash.slice(at + 1)) };
  };
  const [place, setPlace] = useState(read);
  useEffect(() => {
    const update = () => setPlace(read());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return place;
}

/** Calls `fn` now and every `ms` while `active`. */
export function usePolling(fn: () => void, ms: number, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    fn();
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  }, [active, ms]);
}
