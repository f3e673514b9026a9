// What other features use of conversion tracking: the campaign list's "Conversion tracking" button,
// which loads its drawer (with antd) when first opened.
export { ConversionTrackingButton } from './components/conversion-tracking-button';
