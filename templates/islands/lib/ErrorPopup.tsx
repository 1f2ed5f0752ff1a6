// The error popup: always the same clear text, never empty or stale, and an OK button.
import { Dialog } from './Dialog.tsx';

export function ErrorPopup({ open, text, ok, onClose }: { open: boolean; text: string; ok: string; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="error-popup-text" className="dialog--alert">
      <p id="error-popup-text" className="error-popup__text" role="alert">{text}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={onClose} autoFocus>{ok}</button>
      </div>
    </Dialog>
  );
}
