console.log("(web build check placeholder)")
