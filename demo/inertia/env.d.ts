declare module '*.css'
declare module 'adonis-kit/styles.css'
