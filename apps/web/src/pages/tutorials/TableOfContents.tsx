import type { Book } from './content/types';
import { NumberedButton } from './NumberedButton';

/** A book's chapters as buttons; choosing one opens (or moves the reader to) that chapter. */
export function TableOfContents(props: {
  book: Book;
  id: string;
  currentIndex?: number;
  onSelect: (chapterIndex: number, opener: HTMLElement) => void;
}) {
  return (
    <ol className="learn-toc" id={props.id} aria-label={`${props.book.title}: table of contents`}>
      {props.book.tableOfContents.map((entry, index) => (
        <li key={entry.chapter}>
          <NumberedButton
            kind="Chapter"
            number={index + 1}
            title={entry.chapter}
            current={index === props.currentIndex}
            className="learn-toc-item"
            details={
              <span className="learn-toc-detail">
                pp. {entry.pages[0]}–{entry.pages[1]} · {entry.readTime} · {entry.topics.join(', ')}
              </span>
            }
            onClick={(element) => props.onSelect(index, element)}
          />
        </li>
      ))}
    </ol>
  );
}
