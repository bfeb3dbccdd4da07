import { BOOKS } from './content/books';
import type { Book } from './content/types';
import { LevelBadge } from './LevelBadge';
import { useToggleSet } from './use-toggle-set';
import { TableOfContents } from './TableOfContents';
import { LearningSection } from './LearningSection';

export function BooksSection(props: { onOpen: (book: Book, chapterIndex: number, opener: HTMLElement) => void }) {
  const [contentsOpen, toggleContents] = useToggleSet();

  return (
    <LearningSection id="books" title="Digital Books" intro="Two complete books, read chapter by chapter in the reader." columns={2}>
      {BOOKS.map((book) => {
        const open = contentsOpen.has(book.id);
        const contentsId = `learn-toc-${book.id}`;
        return (
          <li key={book.id} className="card learn-card learn-book">
            <div className="learn-book-top">
              <div className="learn-cover" style={{ backgroundColor: book.coverColor }} aria-hidden>
                <span className="learn-cover-title">{book.title}</span>
                <span className="learn-cover-author">{book.author}</span>
              </div>
              <div className="learn-book-info">
                <h3>{book.title}</h3>
                <p className="learn-subtitle">{book.subtitle}</p>
                <p className="small muted">
                  {book.author} · {book.published}
                </p>
                <div className="learn-meta">
                  <LevelBadge level={book.difficulty} />
                  <span>{book.chapters} chapters</span>
                  <span>{book.pages} pages</span>
                  <span>{book.readTime}</span>
                </div>
              </div>
            </div>
            <p className="muted small">{book.description}</p>
            <p className="faint small">Catalogue no. {book.isbn}</p>
            <div className="row row-wrap">
              <button
                type="button"
                className="btn btn-primary"
                aria-label={`Read Book: ${book.title}`}
                onClick={(event) => props.onOpen(book, 0, event.currentTarget)}
              >
                Read Book
              </button>
              <button
                type="button"
                className="btn"
                aria-label={`${open ? 'Hide' : 'View'} Table of Contents: ${book.title}`}
                aria-expanded={open}
                aria-controls={open ? contentsId : undefined}
                onClick={() => toggleContents(book.id)}
              >
                {open ? 'Hide Table of Contents' : 'View Table of Contents'}
              </button>
            </div>
            {open && <TableOfContents book={book} id={contentsId} onSelect={(index, opener) => props.onOpen(book, index, opener)} />}
          </li>
        );
      })}
    </LearningSection>
  );
}
