import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useId, useRef } from 'react';
import { useSearchBox } from '../use-search-box';
import './list-kit.css';

interface ListSearchProps {
  /** The search as the URL holds it. */
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  className?: string;
}

/**
 * A list's search box: types freely, and the URL (and the request) follow after a pause or Enter.
 * Named by a label of its own (hidden) and its clear button by `clearLabel`, not by an icon's name.
 * antd's Input with a prefix and a clear button, in plain HTML (`className` sizes the whole box).
 */
export function ListSearch({ value, onSearch, label, placeholder, clearLabel, className = 'list-search' }: ListSearchProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useSearchBox(value, onSearch);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className={`plain-input ${className}`}>
        <SearchOutlined className="plain-input-prefix" aria-hidden />
        <input
          ref={input}
          id={id}
          type="text"
          placeholder={placeholder}
          aria-label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) onSearch(text);
          }}
        />
        {/* As antd's: there (keeping the box's width) but hidden while the box is empty. */}
        <button
          type="button"
          className="plain-input-clear"
          aria-label={clearLabel}
          hidden={!text}
          onClick={() => {
            setText('');
            input.current?.focus();
          }}
        >
          <CloseCircleFilled aria-hidden />
        </button>
      </span>
    </>
  );
}
