// A modal built on the native <dialog>: showModal() traps focus and Escape closes it; we add
// closing on a backdrop click (not on clicks inside), focus back on the opener, and no page
// scrolling behind it (CSS: html:has(dialog[open])).
import { useEffect, useRef, type ReactNode } from 'react';

interface Props { open: boolean; onClose: () => void; labelledBy: string; children: ReactNode; className?: string }

export function Dialog({ open, onClose, labelledBy, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      onClose();
      (opener.current as HTMLElement | null)?.focus?.();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [onClose]);
  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      onClick={(e) => {
        // A click on the <dialog> element itself is a click on its backdrop.
        if (e.target === e.currentTarget) ref.current?.close();
      }}
    >
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
