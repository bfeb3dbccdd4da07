import { COLOR_TEMPERATURES, COMMON_MISTAKES, GENRE_TRENDS } from './content/quick-reference';

export function QuickReference() {
  return (
    <section className="fa-section" aria-labelledby="fa-reference">
      <h2 id="fa-reference">Quick Reference</h2>
      <div className="fa-grid-3">
        <div className="card fa-card">
          <h3>Color Temperatures</h3>
          <ul className="fa-temperatures">
            {COLOR_TEMPERATURES.map((temperature) => (
              <li key={temperature.kelvin}>
                <span className="fa-temperature-chip" style={{ background: temperature.swatch }} aria-hidden />
                <span>
                  <strong>
                    {temperature.source} · {temperature.kelvin}K
                  </strong>
                  <span className="muted small fa-block">{temperature.note}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="card fa-card">
          <h3>Genre Color Trends</h3>
          <dl className="fa-facts">
            {GENRE_TRENDS.map((trend) => (
              <div key={trend.genre}>
                <dt>{trend.genre}</dt>
                <dd>{trend.trend}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="card fa-card">
          <h3>Common Mistakes</h3>
          <ul className="fa-list">
            {COMMON_MISTAKES.map((mistake) => (
              <li key={mistake}>{mistake}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
