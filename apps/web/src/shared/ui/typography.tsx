import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useEffect, useState, type ReactNode } from 'react';
import { Tooltip } from './tooltip';
import './typography.css';

interface TextProps {
  /** In a code box (the only way the console shows it). */
  code: true;
  /** A copy button after the text: it copies `text`; `tooltips` name it before and after a copy. */
  copyable: { text: string; tooltips: [string, string] };
  title?: string;
  children: ReactNode;
}

/** antd's Typography.Text as a plain <span>: code with a copy button, as the console shows a digest. */
function Text({ copyable, title, children }: TextProps) {
  const [copied, setCopied] = useState(false);
  // antd shows the tick for 3 seconds after a copy.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const tip = copyable.tooltips[copied ? 1 : 0];
  return (
    <span className="kit-typography" title={title}>
      {/* antd puts the button inside the code box. */}
      <code>
        {children}
        <Tooltip title={tip}>
          <button
            type="button"
            className={copied ? 'kit-typography-copy is-copied' : 'kit-typography-copy'}
            aria-label={tip}
            onClick={() => void navigator.clipboard.writeText(copyable.text).then(() => setCopied(true))}
          >
            {copied ? <CheckOutlined /> : <CopyOutlined />}
          </button>
        </Tooltip>
      </code>
    </span>
  );
}

/** antd's Typography: its Text is what the console uses. */
export const Typography = { Text };
