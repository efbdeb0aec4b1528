/** Texts both the public site and the back-office use. Every key exists in both languages. */
export default {
  'zh-CN': {
    brand: 'Portico',
    language: '语言',
    switchTo: 'English',
    loading: '加载中…',
    retry: '重试',
    backHome: '返回首页',
    notFound: {
      title: '页面不存在',
      description: '您访问的页面不存在或已被移除。',
    },
    error: {
      title: '出错了',
      description: '页面出现了意外错误，请稍后重试。',
      chunk: '页面资源加载失败（{{type}}）：{{url}}',
      timeout: '网关超时，请稍后重试',
      network: '网络连接失败，请检查网络后重试',
    },
  },
  'en-US': {
    brand: 'Portico',
    language: 'Language',
    switchTo: '中文',
    loading: 'Loading…',
    retry: 'Retry',
    backHome: 'Back to the home page',
    notFound: {
      title: 'Page not found',
      description: 'The page you asked for does not exist or has been removed.',
    },
    error: {
      title: 'Something went wrong',
      description: 'The page hit an unexpected error. Please try again later.',
      chunk: 'A part of the page could not be loaded ({{type}}): {{url}}',
      timeout: '网关超时，请稍后重试',
      network: 'The network connection failed; please check it and try again',
    },
  },
} as const;
