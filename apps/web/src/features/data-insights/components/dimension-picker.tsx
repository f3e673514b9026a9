import { DownOutlined } from '@ant-design/icons';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { usePopup } from '../../../shared/use-popup';
import { Button } from '../../../shared/ui/button';
import '../../../shared/ui/plain-controls.css';

// "Break down by": the rows' dimensions, in the order chosen (the rows group by the first, then the
// next), at most `max`. Plain HTML: a button that shows the choice and opens a list of checkboxes,
// so that the report's first view needs no antd.

interface Option {
  value: string;
  label: string;
}

export function DimensionPicker({
  value,
  options,
  max,
  onChange,
}: {
  value: readonly string[];
  options: readonly Option[];
  max: number;
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  // The boxes show a change at once: the URL's value arrives with the router's next render.
  const [pending, setPending] = useState<{ from: string; to: string[] } | null>(null);
  const key = value.join(',');
  if (pending && pending.from !== key) setPending(null);
  const chosen = pending?.from === key ? pending.to : value;
  const choose = (next: string[]) => {
    setPending({ from: key, to: next });
    onChange(next);
  };
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { open, setOpen, button, onKeyDown } = usePopup(useMemo(() => [panel], []));
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const full = chosen.length >= max;


  return (
    <div className="insight-field insight-dims" onKeyDown={onKeyDown}>
      <span id={`${id}-label`}>{t('dataInsights.dimensions')}</span>
      <div className="insight-dims-box">
        <Button
          ref={button}
          className="insight-dims-button"
          aria-labelledby={`${id}-label ${id}-value`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          <span id={`${id}-value`} className={chosen.length ? 'insight-dims-value' : 'insight-dims-value is-empty'}>
            {chosen.length ? chosen.map(labelOf).join(', ') : t('dataInsights.dimensionsNone')}
          </span>
          <DownOutlined aria-hidden="true" />
        </Button>
        {open && (
          <div ref={panel} id={`${id}-panel`} className="insight-dims-panel" role="group" aria-labelledby={`${id}-label`}>
            <p className="list-muted">{t('dataInsights.dimensionsHint', { count: max })}</p>
            {options.map((option) => {
              const index = chosen.indexOf(option.value);
              const checked = index >= 0;
              return (
                <label key={option.value} className={!checked && full ? 'is-disabled' : undefined}>
                  <input
                    type="checkbox"
                    className="plain-checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => choose(checked ? chosen.filter((v) => v !== option.value) : [...chosen, option.value])}
                  />
                  <span>{option.label}</span>
                  {checked && chosen.length > 1 && <span className="insight-dims-order" aria-hidden="true">{index + 1}</span>}
                </label>
              );
            })}
            {chosen.length > 0 && (
              <Button type="link" size="small" onClick={() => choose([])}>
                {t('dataInsights.dimensionsClear')}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
