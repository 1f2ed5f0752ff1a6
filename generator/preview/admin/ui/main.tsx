// Entry of the admin preview's browser bundle (built in memory by ../server.ts).
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('admin-root')!).render(<App />);
