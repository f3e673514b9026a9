import '../ui/plain-controls.css';
import './list-card.css';

/** A card's selection box, on the card's corner (antd's checkbox in its white wrapper). */
export function ListCardCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <span className="list-card-check">
      <input type="checkbox" className="plain-checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-label={label} />
    </span>
  );
}
