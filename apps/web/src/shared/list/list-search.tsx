import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useId } from 'react';
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
 */
export function ListSearch({ value, onSearch, label, placeholder, clearLabel, className = 'list-search' }: ListSearchProps) {
  const id = useId();
  const [text, setText] = useSearchBox(value, onSearch);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Input
        id={id}
        className={className}
        allowClear={{ clearIcon: <CloseCircleFilled aria-label={clearLabel} role="img" /> }}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={placeholder}
        aria-label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onSearch(text)}
      />
    </>
  );
}
