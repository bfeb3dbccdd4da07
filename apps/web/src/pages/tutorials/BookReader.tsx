import { Progress } from 'radix-ui';
import { ArticleBody } from './ArticleBody';
import type { Book } from './content/types';
import { chapterProgressPercent } from './reader-state';
import { TableOfContents } from './TableOfContents';
import { useReaderFocus } from './use-reader-focus';

/**
 * The chapter reader: previous and next chapter (disabled at the ends,
 * where the index is clamped), 'Chapter {n} of {total}', a progress bar at chapter / total, and a
 * table of contents that jumps to a chapter.
 */
export function BookReader(props: {
  book: Book;
  chapterIndex: number;
  contentsOpen: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onGoTo: (chapterIndex: number) => void;
  onToggleContents: () => void;
  onClose: () => void;
}) {
  const { book, chapterIndex } = props;
  const total = book.tableOfContents.length;
  const chapter = book.tableOfContents[chapterIndex];
  const percent = chapterProgressPercent(chapterIndex, total);
  const { readerRef, headingRef } = useReaderFocus(`${book.id}:${chapterIndex}`);
  const contentsId = `learn-reader-toc-${book.id}`;
  const position = `Chapter ${chapterIndex + 1} of ${total}`;

  return (
    <article ref={readerRef} className="learn-reader" aria-labelledby="learn-reader-chapter">
      <div className="learn-reader-bar">
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          ← Back to Digital Books
        </button>
        <span className="spacer" />
        <button
          type="button"
          className="btn"
          aria-expanded={props.contentsOpen}
          aria-controls={props.contentsOpen ? contentsId : undefined}
          onClick={props.onToggleContents}
        >
          {props.contentsOpen ? 'Hide Table of Contents' : 'View Table of Contents'}
        </button>
      </div>
      <header className="learn-reader-head">
        <h2 className="learn-reader-book">{book.title}</h2>
        <p className="muted small">
          {book.subtitle} · {book.author}
        </p>
        <div className="learn-progress-row">
          <span data-testid="chapter-position">{position}</span>
          <Progress.Root
            className="learn-progress"
            value={percent}
            aria-label="Reading progress"
            getValueLabel={(value) => `${value}%, ${position.toLowerCase()}`}
          >
            <Progress.Indicator className="learn-progress-fill" style={{ transform: `translateX(-${100 - percent}%)` }} />
          </Progress.Root>
          <span className="muted small">{percent}%</span>
        </div>
      </header>
      {props.contentsOpen && (
        <nav className="learn-reader-toc" aria-label="Table of contents">
          <TableOfContents book={book} id={contentsId} currentIndex={chapterIndex} onSelect={(index) => props.onGoTo(index)} />
        </nav>
      )}
      {chapter && (
        <section className="learn-chapter" aria-labelledby="learn-reader-chapter">
          <p className="learn-chapter-number">Chapter {chapterIndex + 1}</p>
          <h3 id="learn-reader-chapter" ref={headingRef} tabIndex={-1} className="learn-reader-title">
            {chapter.chapter}
          </h3>
          <p className="learn-meta">
            <span>
              pp. {chapter.pages[0]}–{chapter.pages[1]}
            </span>
            <span>{chapter.readTime} read</span>
            <span>{chapter.topics.join(' · ')}</span>
          </p>
          <ArticleBody source={chapter.content} headingLevel={4} />
        </section>
      )}
      <nav className="learn-chapter-nav" aria-label="Chapters">
        <button type="button" className="btn" onClick={props.onPrevious} disabled={chapterIndex <= 0}>
          ← Previous Chapter
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          Close Reader
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onNext} disabled={chapterIndex >= total - 1}>
          Next Chapter →
        </button>
      </nav>
    </article>
  );
}
