print("compositor: under construction")
