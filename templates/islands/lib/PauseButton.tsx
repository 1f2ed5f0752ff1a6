// The visible pause/play control every autoplaying element has (WCAG 2.2.2).
interface Props { paused: boolean; onToggle: () => void; pauseLabel: string; playLabel: string; hidden?: boolean }

export function PauseButton({ paused, onToggle, pauseLabel, playLabel, hidden }: Props) {
  return (
    <button type="button" className="pause-button" onClick={onToggle} hidden={hidden}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" fill="currentColor">
        {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
      </svg>
      <span>{paused ? playLabel : pauseLabel}</span>
    </button>
  );
}
