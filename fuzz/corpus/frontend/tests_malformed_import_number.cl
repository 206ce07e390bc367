import 5
