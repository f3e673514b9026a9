import { useEffect, useRef, useState } from 'react';

const SEARCH_DELAY_MS = 300;

/**
 * A search box over a value kept elsewhere (the page's URL): the box types freely and `commit` runs
 * once typing pauses; when the kept value changes from outside (back, a link), the box shows it.
 */
export function useSearchBox(committed: string, commit: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (seen !== committed) {
    setSeen(committed);
    setText(committed);
  }
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (text.trim() === committed.trim()) return;
    const timer = setTimeout(() => commitRef.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, committed]);
  return [text, setText];
}
