import type { MenuEntry } from '@ads/contracts';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionCenterButton } from '../../features/notifications';
import { BrandMark } from '../../shared/ui/brand-mark';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { HeaderSearch } from './header-search';
import { UserButton } from './user-button';

interface AppHeaderProps {
  collapsed: boolean;
  onToggle: () => void;
  pages: MenuEntry[];
  email: string;
}

export function AppHeader({ collapsed, onToggle, pages, email }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <button
        type="button"
        className="header-button menu-toggle"
        aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
        aria-expanded={!collapsed}
        aria-controls="side-menu"
        onClick={onToggle}
      >
        {collapsed ? <MenuUnfoldOutlined aria-hidden="true" /> : <MenuFoldOutlined aria-hidden="true" />}
      </button>
      <Link to="/" className="app-title">
        <BrandMark size={28} />
        <span>{t('app.title')}</span>
      </Link>
      <div className="app-header-search">
        <HeaderSearch pages={pages} />
      </div>
      <div className="app-header-actions">
        <ActionCenterButton />
        <LanguageSwitch />
        <UserButton email={email} />
      </div>
    </header>
  );
}
