import { ProgressCircle } from '@adobe/react-spectrum';
import Download from '@spectrum-icons/workflow/Download';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { MenuGroup, MenuItem } from './menu';

export interface SidebarProps {
  /** The visible menu; undefined while the rights load. */
  menu: readonly MenuGroup[] | undefined;
  /** Closes the narrow-screen menu after a click. */
  onNavigate: () => void;
}

export function isCurrent(path: string, location: string): boolean {
  if (path === '/') return location === '/';
  return location === path || location.startsWith(`${path}/`);
}

function SidebarItem({ item, location, onNavigate }: { item: MenuItem; location: string; onNavigate: () => void }) {
  if (item.kind === 'download') {
    // A file from the server: a plain link, so neither wouter nor Spectrum routes it client-side.
    return (
      <li>
        <a className="kgv-nav-link" href={item.href} download>
          <Download size="XS" aria-hidden />
          <span>{item.title}</span>
        </a>
      </li>
    );
  }
  const current = isCurrent(item.path, location);
  return (
    <li>
      <Link
        href={item.path}
        className="kgv-nav-link"
        aria-current={current ? 'page' : undefined}
        // The name stays the title (links are found by it); "in Arbeit" is the description.
        aria-describedby={item.inArbeit ? IN_ARBEIT_ID : undefined}
        onClick={onNavigate}
      >
        <span>{item.title}</span>
        {item.inArbeit ? (
          <span className="kgv-nav-badge" aria-hidden="true">
            in Arbeit
          </span>
        ) : null}
      </Link>
    </li>
  );
}

const IN_ARBEIT_ID = 'kgv-nav-in-arbeit';

/** The main menu (spec §2): group headings with real links, the current page marked. */
export function Sidebar({ menu, onNavigate }: SidebarProps) {
  const [location] = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const currentTitle = menu
    ?.flatMap((group) => group.items)
    .find((item) => item.kind === 'route' && isCurrent(item.path, location))?.title;
  // A long menu at 125 % zoom: keep the current item in view after a reload or a jump.
  useEffect(() => {
    if (!currentTitle) return;
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [currentTitle]);
  return (
    <nav
      ref={navRef}
      id="kgv-sidebar"
      aria-label="Hauptmenü"
      className="kgv-sidebar"
      // Escape closes the overlay menu of narrow windows.
      onKeyDown={(event) => {
        if (event.key === 'Escape') onNavigate();
      }}
    >
      <span id={IN_ARBEIT_ID} hidden>
        in Arbeit: kommt mit einem der nächsten Updates
      </span>
      {menu ? (
        menu.map((group) => {
          const single = group.items.length === 1 && group.items[0]?.title === group.title;
          const headingId = `kgv-nav-${group.id}`;
          return (
            <div key={group.id} className="kgv-nav-group">
              {single ? null : (
                <h2 id={headingId} className="kgv-nav-heading">
                  {group.title}
                </h2>
              )}
              <ul className="kgv-nav-list" aria-labelledby={single ? undefined : headingId}>
                {group.items.map((item) => (
                  <SidebarItem
                    key={item.kind === 'route' ? item.path : item.href}
                    item={item}
                    location={location}
                    onNavigate={onNavigate}
                  />
                ))}
              </ul>
            </div>
          );
        })
      ) : (
        <div className="kgv-nav-loading">
          <ProgressCircle size="S" aria-label="Menü wird geladen …" isIndeterminate />
        </div>
      )}
    </nav>
  );
}
