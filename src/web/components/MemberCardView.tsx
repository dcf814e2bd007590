import { useEffect, useState, type ReactNode } from 'react';
import { formatFinnishDate } from '../../shared/finnish/date';
import type { CardFace } from '../../shared/schemas/membercard';
import classes from './MemberCardView.module.css';

// One member card as the member sees it on their phone, and as the design preview shows it:
// the association's logo and name, the member's name and chosen fields, the validity, the
// extra text and, on the live card, the QR code and a moving strip with the current time
// (a screenshot stands still). The face comes from the server (card page) or from the draft
// settings with a sample member (preview), so both look the same.

interface MemberCardViewProps {
  face: CardFace;
  /** The QR code (the live card); the preview shows a placeholder frame instead. */
  qr?: ReactNode;
  /** The moving strip and ticking clock. */
  live?: boolean;
  /** Accessible name of the card region. */
  label: string;
  validLabel: (date: string) => string;
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <span className={classes.clock} data-testid="card-clock">
      {`${pad(now.getHours())}.${pad(now.getMinutes())}.${pad(now.getSeconds())}`}
    </span>
  );
}

export function MemberCardView({ face, qr, live = false, label, validLabel }: MemberCardViewProps) {
  const shape = face.aspect === 'portrait' ? classes.portrait : classes.landscape;
  return (
    <section
      aria-label={label}
      className={`${classes.card} ${shape}`}
      style={face.bg_url ? { backgroundImage: `url("${face.bg_url}")` } : undefined}
      data-testid="member-card"
    >
      <div className={classes.panel}>
        <div className={classes.head}>
          {face.logo_url ? <img className={classes.logo} src={face.logo_url} alt="" /> : null}
          <span className={classes.association}>{face.association}</span>
        </div>
        <div className={classes.name} data-testid="card-name">
          {face.name}
        </div>
        {face.rows.length > 0 && face.labels ? (
          <dl className={classes.rows}>
            {face.rows.map((r) => (
              <div key={r.label} style={{ display: 'contents' }}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {face.rows.length > 0 && !face.labels ? (
          <div className={classes.values}>
            {face.rows.map((r) => (
              <div key={r.label}>{r.value}</div>
            ))}
          </div>
        ) : null}
        {face.extra_text ? <div className={classes.extra}>{face.extra_text}</div> : null}
      </div>
      <div className={classes.side}>
        {qr ? <div className={classes.qr}>{qr}</div> : null}
        <div className={classes.valid}>{validLabel(formatFinnishDate(face.valid_until))}</div>
        {live ? (
          <div className={classes.live} data-testid="card-live">
            <span className={classes.liveBar} aria-hidden="true" />
            <Clock />
          </div>
        ) : null}
      </div>
    </section>
  );
}
