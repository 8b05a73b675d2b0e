import { PaymentResultScreen } from '../features/payment/payment-result-screen';

export default function PaymentSuccessRoute() {
  return <PaymentResultScreen success={true} />;
}
