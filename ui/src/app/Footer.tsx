import { Link, Text } from '@adobe/react-spectrum';
import { HANDBUCH_URL, useAppVersionInfo } from '../api/common';

/** Manual link, app version with the current year, and who to call for help (spec §1). */
export function Footer() {
  const { data } = useAppVersionInfo();
  const year = new Date().getFullYear();
  const supplier = data?.supplier;
  return (
    <footer className="kgv-footer">
      <Link href={HANDBUCH_URL} target="_blank" rel="noopener">
        Handbuch (PDF)
      </Link>
      <Text>{data ? `Version ${data.webAppVersion} · © ${year}` : `© ${year}`}</Text>
      {supplier?.name ? (
        <span className="kgv-footer-supplier">
          <Text>Betreuung: {supplier.name}</Text>
          {supplier.email ? <Link href={`mailto:${supplier.email}`}>{supplier.email}</Link> : null}
          {supplier.phone ? <Link href={`tel:${supplier.phone.replace(/[^\d+]/g, '')}`}>{supplier.phone}</Link> : null}
          {supplier.url ? (
            <Link href={supplier.url} target="_blank" rel="noopener">
              {supplier.url.replace(/^https?:\/\//, '')}
            </Link>
          ) : null}
        </span>
      ) : null}
    </footer>
  );
}
