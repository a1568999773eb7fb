/** A client signup as the form sends it (tests, the soak bench). */
export const signupPayload = (email: string, password = "mbegu-bora-2026") => ({
  firstName: "Achieng",
  lastName: "Otieno",
  email,
  phone: "+254 711 000 111",
  password,
  confirmPassword: password,
  farmName: "Otieno Farm",
  farmType: "dairy",
  location: "Kisumu",
  county: "Kisumu",
  herdSize: "1-10",
  experience: "beginner",
  interests: [],
  userType: "client",
});
