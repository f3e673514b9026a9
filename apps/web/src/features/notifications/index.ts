// The Action Center's public face: the shell's header renders the bell (loaded with every page, so
// nothing heavier is exported here).
export { ActionCenterButton } from './components/action-center-button';
