import type { TopMenuItem as TopMenu } from '@fcf/engine/contract';
import { isExternalLink, isSafeMenuLink } from '@fcf/engine/contract';
import { useState } from 'react';
import { Link } from '../../ui/router.tsx';

function MenuLink({ name, link, onNavigate }: { name: string; link: string; onNavigate: () => void }) {
  // The server refuses such links when a menu is saved; one stored before that rule is shown, not followed.
  if (!isSafeMenuLink(link)) return <span className="nav-menu__link">{name}</span>;
  if (isExternalLink(link)) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" className="nav-menu__link" onClick={onNavigate}>
        {name}
        <span className="nav-menu__external" aria-hidden="true">
          ↗
        </span>
        <span className="visually-hidden">（新标签页打开）</span>
      </a>
    );
  }
  return (
    <Link to={link} className="nav-menu__link" onNavigate={onNavigate}>
      {name}
    </Link>
  );
}

/** The server's top menu: links, and groups as dropdowns (desktop) or expandable lists (mobile). */
export function NavMenuItems({ menus, onNavigate }: { menus: readonly TopMenu[]; onNavigate: () => void }) {
  const [openGroup, setOpenGroup] = useState<number | null>(null);
  return (
    <ul className="nav-menu">
      {menus.map((menu) =>
        menu.isGroup ? (
          <li
            key={menu.id}
            className={`nav-menu__group${openGroup === menu.id ? ' is-open' : ''}`}
            onMouseLeave={() => setOpenGroup((current) => (current === menu.id ? null : current))}
          >
            <button
              type="button"
              className="nav-menu__link nav-menu__toggle"
              aria-expanded={openGroup === menu.id}
              onClick={() => setOpenGroup((current) => (current === menu.id ? null : menu.id))}
            >
              {menu.name}
              <span aria-hidden="true" className="nav-menu__caret">
                ▾
              </span>
            </button>
            <ul className="nav-menu__children">
              {menu.children.map((child) => (
                <li key={child.id}>
                  <MenuLink
                    name={child.name}
                    link={child.link}
                    onNavigate={() => {
                      setOpenGroup(null);
                      onNavigate();
                    }}
                  />
                </li>
              ))}
            </ul>
          </li>
        ) : (
          <li key={menu.id}>
            <MenuLink name={menu.name} link={menu.link ?? '/'} onNavigate={onNavigate} />
          </li>
        ),
      )}
    </ul>
  );
}
