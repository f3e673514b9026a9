import { addFeatureMessages } from '../i18n/i18n';

// The storage bar's texts, one set for both libraries: they load with the bar (the libraries' pages), not with the shell.
const enUS = {
  storageUsage: {
    label: 'Storage',
    used: '{{used}} of {{quota}} used',
    images: 'Images: {{size}}',
    videos: 'Videos: {{size}}',
    bin: 'Recycle bin: {{size}} (counted until it is emptied or purged)',
    reserved: 'Unfinished uploads: {{size}} reserved ({{count}} of at most {{max}} yours)',
    binNote: 'Includes {{size}} in the recycle bin',
    full: 'Storage is full: delete files or empty the recycle bin to upload more',
  },
};

const zhCN: typeof enUS = {
  storageUsage: {
    label: '存储空间',
    used: '已用 {{used}}，共 {{quota}}',
    images: '图片：{{size}}',
    videos: '视频：{{size}}',
    bin: '回收站：{{size}}（清空或到期删除前仍计入）',
    reserved: '未完成的上传：预留 {{size}}（您有 {{count}} 个，最多 {{max}} 个）',
    binNote: '其中 {{size}} 在回收站中',
    full: '存储空间已满：请删除文件或清空回收站后再上传',
  },
};

addFeatureMessages({ 'en-US': enUS, 'zh-CN': zhCN });
