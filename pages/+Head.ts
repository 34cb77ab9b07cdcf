export { Head as default } from '../components/layout/Head.tsx'
