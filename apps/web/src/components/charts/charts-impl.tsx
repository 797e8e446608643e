import '@mantine/charts/styles.css';

// Recharts and its styles load with the first chart shown (charts.tsx), never with the app's entry.
export { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
