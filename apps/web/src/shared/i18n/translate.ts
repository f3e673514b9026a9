export { useTranslation, initReactI18next } from 'react-i18next';
export type { TFunction, i18n } from 'i18next';
export { default } from 'i18next';
