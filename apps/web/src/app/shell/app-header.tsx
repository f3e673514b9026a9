import type { MenuEntry } from '@ads/contracts';
import { IdcardOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { Ref } from 'react';
import { useTranslation } from '../../shared/i18n/translate';
import { Link } from '../../shared/router/router';
import { ActionCenterButton } from '../../features/notifications';
import { BrandMark } from '../../shared/ui/brand-mark';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { PROFILE_PATH } from '../router/decide-route';
import { HeaderSearch } from './header-search';
import { UserButton } from './user-button';

interface AppHeaderProps {
  menuButton: Ref<HTMLButtonElement>;
  /** A phone's window: the menu button opens the menu's drawer, and the search opens from an icon. */
  phone: boolean;
  /** The side menu is expanded, or on a phone its drawer is open. */
  menuOpen: boolean;
  onToggle: () => void;
  pages: MenuEntry[];
  email: string;
  /** While the menu's drawer is open over it. */
  inert: boolean;
}

export function AppHeader({ menuButton, phone, menuOpen, onToggle, pages, email, inert }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header" inert={inert}>
      <button
        ref={menuButton}
        type="button"
        className="header-button menu-toggle"
        aria-label={phone ? t('shell.openMenu') : menuOpen ? t('shell.collapseMenu') : t('shell.expandMenu')}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onToggle}
      >
        {phone ? <MenuOutlined aria-hidden="true" /> : menuOpen ? <MenuFoldOutlined aria-hidden="true" /> : <MenuUnfoldOutlined aria-hidden="true" />}
      </button>
      <Link to="/" className="app-title">
        <BrandMark size={28} />
        <span>{t('app.title')}</span>
      </Link>
      <div className="app-header-search">
        <HeaderSearch pages={pages} compact={phone} />
      </div>
      <div className="app-header-actions">
        <ActionCenterButton />
        <LanguageSwitch />
        {/* The email signs out when clicked (as the shell has always done); the profile (and from it a
            password change) is beside it. */}
        <Link to={`/${PROFILE_PATH}`} className="header-button" aria-label={t('shell.profile')} title={t('shell.profile')}>
          <IdcardOutlined aria-hidden="true" />
        </Link>
        <UserButton email={email} />
      </div>
    </header>
  );
}
